-- What scripts/ardour-session.lua and scripts/ardour-sidechain.lua share, for `ardour7-lua`:
--   local common = dofile(debug.getinfo(1, "S").source:match("^@(.*/)") .. "ardour-common.lua")
local common = {}

-- A new session FOLDER/NAME at 48 kHz on the Dummy engine. Ardour corrupts its own heap with
-- periods that are not multiples of 8 (no plugin involved); the Dummy engine's default
-- period (1024) is one.
function common.newSession(folder, name)
    AudioEngine:set_backend("None (Dummy)", "", "")
    local session = create_session(folder, name, 48000)
    assert(session, "Ardour could not create the session in " .. folder)
    assert(session:get_block_size() % 8 == 0, "period of " .. session:get_block_size() .. " frames")
    return session
end

-- Puts on the MIDI `track` a region at 0, `frames` long, holding `notes`, each a string
-- NOTE:START:LENGTH:VELOCITY (frames). Ardour 7.3's Lua API cannot create an empty MIDI
-- region; bouncing the empty track without its processing makes one.
function common.addNotes(session, track, frames, notes)
    local region = track:bounce_range(0, frames, ARDOUR.InterThreadInfo(), ARDOUR.LuaAPI.nil_proc(), false, "notes")
    local model = region:to_midiregion():model()
    local command = model:new_note_diff_command("notes")
    local tempoMap = Temporal.TempoMap.read()
    for _, spec in ipairs(notes) do
        local note, start, length, velocity = spec:match("^(%d+):(%d+):(%d+):(%d+)$")
        assert(note, "not NOTE:START:LENGTH:VELOCITY: " .. spec)
        -- Notes live in beats; at the default 120 bpm a tick (1/1920 beat) is 12.5 frames.
        local from = tempoMap:quarters_at(Temporal.timepos_t(tonumber(start)))
        local to = tempoMap:quarters_at(Temporal.timepos_t(tonumber(start) + tonumber(length)))
        command:add(ARDOUR.LuaAPI.new_noteptr(0, from, to - from, tonumber(note), tonumber(velocity)))
    end
    model:apply_command(session, command)
    track:playlist():add_region(region, Temporal.timepos_t(0), 1, false)
end

-- Bounces `track` over `frames` through its plugin `processor` into a region. Ardour's butler
-- thread renders a MIDI playlist for playback a moment after its notes change, and a bounce
-- before that is silent: bounce again every 0.1 s until the region has sound.
function common.bounceUntilHeard(track, frames, processor, name)
    local threadInfo = ARDOUR.InterThreadInfo()
    local region
    for _ = 1, 50 do
        ARDOUR.LuaAPI.usleep(100000)
        region = track:bounce_range(0, frames, threadInfo, processor, true, name)
        if region:to_audioregion():maximum_amplitude(nil) > 0 then break end
    end
    assert(region:to_audioregion():maximum_amplitude(nil) > 0, "the bounce of " .. track:name() .. " stayed silent")
    return region
end

-- Saves the session with its range 0 to `frames`. ardour7-export renders the session range,
-- which Ardour 7.3's Lua API cannot set: a range marker becomes it in the saved file.
-- `edit`, if given, changes the saved file's text further.
function common.saveWithRange(session, folder, name, frames, edit)
    session:locations():add_range(Temporal.timepos_t(0), Temporal.timepos_t(frames))
    session:save_state("", false, false, false, false, false)
    local path = folder .. "/" .. name .. ".ardour"
    local file = assert(io.open(path))
    local state = file:read("a")
    file:close()
    local patched, count = state:gsub('name="range1"([^>]*)flags="IsRangeMarker"', 'name="session"%1flags="IsSessionRange"')
    assert(count == 1, "no range marker in " .. path)
    if edit then patched = edit(patched, path) end
    file = assert(io.open(path, "w"))
    file:write(patched)
    file:close()
end

return common
