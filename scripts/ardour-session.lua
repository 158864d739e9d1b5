-- Builds an Ardour 7 session with SwiftLV2 plugins, headless, for `ardour7-lua` (Ardour's
-- Lua session API with no GUI); `ardour7-export` then renders it.
--
--   ardour7-lua scripts/ardour-session.lua FOLDER NAME FRAMES INSTRUMENT INSTRUMENT_PRESET ADAPTER_PRESET \
--       [PROPERTY=NUMBER...] NOTE:START:LENGTH:VELOCITY...
--
-- FRAMES is the session's length and START and LENGTH are in frames at 48 kHz; a preset
-- is a URI, or "-" for none. The session:
-- - a MIDI track "Synth" with the plugin INSTRUMENT, INSTRUMENT_PRESET loaded through
--   Ardour's preset list, then each PROPERTY (a patch:writable parameter's URI) set through
--   Ardour's control for it, as its generic UI sets it (a patch:Set to the plugin), playing
--   the notes from a MIDI region at 0, panned hard left (its mono output goes to the
--   master's left only);
-- - unless ADAPTER_PRESET is "-", an audio track "Adapter" with the rate adapter, that
--   preset loaded, playing at 0 a region of the instrument's own output (Ardour bounces the
--   MIDI track through the instrument), its left output going to the master's right.
-- So the master's left is the instrument as Ardour runs it, its right the rate adapter on an
-- audio track; Ardour's plugin delay compensation must keep both where they are on the
-- timeline. With the adapter it prints "latency N", the latency Ardour reads from it.
--
-- The plugins are found by URI on LV2_PATH.

local common = dofile(debug.getinfo(1, "S").source:match("^@(.*/)") .. "ardour-common.lua")
local folder, name, frames = arg[1], arg[2], tonumber(arg[3])
local instrument, instrumentPreset, adapterPreset = arg[4], arg[5], arg[6]
assert(folder and name and frames and adapterPreset and #arg >= 7, "usage: ardour-session.lua FOLDER NAME FRAMES "
       .. "INSTRUMENT INSTRUMENT_PRESET|- ADAPTER_PRESET|- [PROPERTY=NUMBER...] NOTE:START:LENGTH:VELOCITY...")

-- Loads a preset through Ardour's own preset list, as its preset menu does.
local function loadPreset(plugin, uri)
    local record = plugin:preset_by_uri(uri)
    assert(record, "Ardour does not see the preset " .. uri)
    assert(plugin:load_preset(record), "Ardour could not load the preset " .. uri)
end

local session = common.newSession(folder, name)

local midi, audio = ARDOUR.DataType("midi"), ARDOUR.DataType("audio")
local noGroup = PBD.GroupControlDisposition.NoGroup

local synthInfo = ARDOUR.LuaAPI.new_plugin_info(instrument, ARDOUR.PluginType.LV2)
assert(not synthInfo:isnil(), "Ardour does not see " .. instrument)

-- Tracks with an instrument are created with the engine stopped: while it runs, Ardour
-- 7.3 often aborts on "Port already exists" as it adds the instrument's outputs (half the
-- runs, also with its own ACE Reasonable Synth). Restarting the engine afterwards makes it
-- print "Cannot initialize transport master manager", harmless here: this process never
-- plays the session, and without the engine nothing is connected automatically either.
assert(AudioEngine:stop(false) == 0, "Ardour could not stop its engine")

-- The MIDI track. Ardour gives an instrument track a stereo output whatever is asked;
-- hard left, its panner passes the mono synth to the left at unity and nothing to the right.
local synthTrack = session:new_midi_track(ARDOUR.ChanCount(midi, 1), ARDOUR.ChanCount(audio, 1), true, synthInfo,
    nil, nil, 1, "Synth", ARDOUR.PresentationInfo.max_order, ARDOUR.TrackMode.Normal, false):front()
synthTrack:pan_azimuth_control():set_value(0, noGroup)
if instrumentPreset ~= "-" then loadPreset(synthTrack:nth_plugin(0):to_insert():plugin(0), instrumentPreset) end

local properties, notes = {}, {}
for index = 7, #arg do
    local property, value = arg[index]:match("^(.+)=(.+)$")
    if property then
        properties[property] = assert(tonumber(value), "not a number: " .. arg[index])
    else
        notes[#notes + 1] = arg[index]
    end
end
common.addNotes(session, synthTrack, frames, notes)

-- The audio track and the adapter with the preset.
local adapterTrack, adapter
if adapterPreset ~= "-" then
    adapterTrack = session:new_audio_track(2, 2, nil, 1, "Adapter", ARDOUR.PresentationInfo.max_order,
        ARDOUR.TrackMode.Normal, false):front()
    adapter = ARDOUR.LuaAPI.new_plugin(session, "urn:swiftlv2:rate-adapter", ARDOUR.PluginType.LV2, "")
    assert(not adapter:isnil(), "Ardour does not see urn:swiftlv2:rate-adapter")
    loadPreset(adapter:to_insert():plugin(0), adapterPreset)
    adapterTrack:add_processor_by_index(adapter, 0, nil, true)
end

assert(AudioEngine:start(false) == 0, "Ardour could not restart its engine")
local function connectFirstOutput(track, masterInput)
    track:output():disconnect_all(nil)
    track:output():connect(track:output():audio(0), "Master/audio_in " .. masterInput, nil)
end
connectFirstOutput(synthTrack, 1)

-- Ardour's generic UI sets a plugin's patch:writable parameter through a control named
-- "property-URI" (numbers only from Lua: a path has no such setter there), which sends a
-- patch:Set to the plugin's control port in its next run. A short bounce through the
-- instrument is such a run, so the plugin has the value before the session is saved.
if next(properties) then
    local instrumentControls = synthTrack:nth_plugin(0):to_automatable()
    for parameter in instrumentControls:all_automatable_params():iter() do
        local control = instrumentControls:automation_control(parameter, false)
        local property = control:name():match("^property%-(.+)$")
        if property and properties[property] then
            control:set_value(properties[property], noGroup)
            properties[property] = nil
        end
    end
    assert(not next(properties), "Ardour has no control for the property " .. (next(properties) or ""))
    synthTrack:bounce_range(0, session:get_block_size(), ARDOUR.InterThreadInfo(), synthTrack:nth_plugin(0), true, "properties")
end

if adapterTrack then
    connectFirstOutput(adapterTrack, 2)
    -- Ardour 7.3's Lua API cannot import a file either, so the audio track's region is the
    -- synth track bounced through the synth.
    local synthAudio = common.bounceUntilHeard(synthTrack, frames, synthTrack:nth_plugin(0), "synth")
    adapterTrack:playlist():add_region(synthAudio, Temporal.timepos_t(0), 1, false)

    print("latency " .. adapter:to_insert():signal_latency())
end

common.saveWithRange(session, folder, name, frames)
