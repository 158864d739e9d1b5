-- Builds an Ardour 7 session that feeds a plugin's side-chain input from another track,
-- headless, for `ardour7-lua`; `ardour7-export` then renders it.
--
--   ardour7-lua scripts/ardour-sidechain.lua FOLDER NAME FRAMES SYNTH EFFECT TONE BURST [CONTROL=VALUE...]
--
-- FRAMES is the session's length at 48 kHz; TONE and BURST are notes NOTE:START:LENGTH:VELOCITY
-- (frames) that the instrument SYNTH plays; CONTROL=VALUE sets the EFFECT control Ardour names
-- CONTROL (its lv2:name). The session:
-- - the audio track "Tone", a region of SYNTH playing TONE (bounced from a MIDI track), through
--   EFFECT, whose side-chain input Ardour adds (`Route:add_sidechain`); its left output goes to
--   the master's left, and nothing to the right;
-- - the audio track "Burst", a region of SYNTH playing BURST, whose output goes to the effect's
--   side-chain input and nowhere else.
-- The MIDI tracks the regions were bounced from are left out of the saved session.
-- Ardour 7.3's Lua API creates neither a region from nothing nor the session range, and
-- instrument tracks are made with the engine stopped: see scripts/ardour-session.lua.

local common = dofile(debug.getinfo(1, "S").source:match("^@(.*/)") .. "ardour-common.lua")
local folder, name, frames = arg[1], arg[2], tonumber(arg[3])
local synthURI, effectURI, toneSpec, burstSpec = arg[4], arg[5], arg[6], arg[7]
assert(folder and name and frames and burstSpec, "usage: ardour-sidechain.lua FOLDER NAME FRAMES SYNTH EFFECT "
       .. "NOTE:START:LENGTH:VELOCITY NOTE:START:LENGTH:VELOCITY [CONTROL=VALUE...]")

local session = common.newSession(folder, name)
local midi, audio = ARDOUR.DataType("midi"), ARDOUR.DataType("audio")
local noGroup = PBD.GroupControlDisposition.NoGroup
local synthInfo = ARDOUR.LuaAPI.new_plugin_info(synthURI, ARDOUR.PluginType.LV2)
assert(not synthInfo:isnil(), "Ardour does not see " .. synthURI)
assert(AudioEngine:stop(false) == 0, "Ardour could not stop its engine")

-- A MIDI track with SYNTH playing one note.
local function synthTrack(trackName, note)
    local track = session:new_midi_track(ARDOUR.ChanCount(midi, 1), ARDOUR.ChanCount(audio, 1), true, synthInfo,
        nil, nil, 1, trackName, ARDOUR.PresentationInfo.max_order, ARDOUR.TrackMode.Normal, false):front()
    common.addNotes(session, track, frames, {note})
    return track
end
local toneSynth = synthTrack("Tone synth", toneSpec)
local burstSynth = synthTrack("Burst synth", burstSpec)

local toneTrack = session:new_audio_track(2, 2, nil, 1, "Tone", ARDOUR.PresentationInfo.max_order,
    ARDOUR.TrackMode.Normal, false):front()
local burstTrack = session:new_audio_track(1, 1, nil, 1, "Burst", ARDOUR.PresentationInfo.max_order,
    ARDOUR.TrackMode.Normal, false):front()
local effect = ARDOUR.LuaAPI.new_plugin(session, effectURI, ARDOUR.PluginType.LV2, "")
assert(not effect:isnil(), "Ardour does not see " .. effectURI)
toneTrack:add_processor_by_index(effect, 0, nil, true)
-- What the plugin window's "Side Chain" button does: an input of the insert's own, wired by
-- Ardour to the plugin's lv2:isSideChain port.
assert(toneTrack:add_sidechain(effect), "Ardour could not add a side-chain input to " .. effectURI)

-- The effect's controls, by the names Ardour shows them under (lv2:name).
local settings = {}
for index = 8, #arg do
    local control, value = arg[index]:match("^(.+)=(.+)$")
    settings[assert(control, "not CONTROL=VALUE: " .. arg[index])] = assert(tonumber(value), "not a number: " .. arg[index])
end
local automatable = effect:to_automatable()
for parameter in automatable:all_automatable_params():iter() do
    local control = automatable:automation_control(parameter, false)
    if settings[control:name()] then
        control:set_value(settings[control:name()], noGroup)
        settings[control:name()] = nil
    end
end
assert(not next(settings), "Ardour has no control " .. (next(settings) or "") .. " on " .. effectURI)

assert(AudioEngine:start(false) == 0, "Ardour could not restart its engine")
toneTrack:playlist():add_region(common.bounceUntilHeard(toneSynth, frames, toneSynth:nth_plugin(0), "tone"), Temporal.timepos_t(0), 1, false)
burstTrack:playlist():add_region(common.bounceUntilHeard(burstSynth, frames, burstSynth:nth_plugin(0), "burst"), Temporal.timepos_t(0), 1, false)

-- With the engine stopped while the tracks were made, nothing is connected but what follows.
toneTrack:output():connect(toneTrack:output():audio(0), "Master/audio_in 1", nil)
local sideChain = effect:to_plugininsert():sidechain_input()
assert(burstTrack:output():connect(burstTrack:output():audio(0), sideChain:nth(0):name(), nil) == 0,
       "Ardour could not connect the burst to " .. sideChain:nth(0):name())

-- The MIDI tracks have done their part, and Ardour 7.3's Lua API cannot remove a route: they
-- leave the saved file. With them, ardour7-export aborted in 6 of 10 runs (heap corruption as
-- it frees its export channels); without them, in 3 of 10.
common.saveWithRange(session, folder, name, frames, function(state, path)
    for _, synthName in ipairs({"Tone synth", "Burst synth"}) do
        local removed
        state, removed = state:gsub('\n%s*<Route [^>]-name="' .. synthName .. '".-</Route>', "")
        assert(removed == 1, "no route " .. synthName .. " in " .. path)
    end
    return state
end)
