/* tools/tiled/roomforge.js: a Tiled (1.8 and later) extension that opens and
 * saves roomforge's rooms.xml files as maps.
 *
 * Pipeline: editor side of `roomforge export --format tmx` and `roomforge
 * import` (docs/modders.md, "Drawing rooms in Tiled"). Design: the one
 * conversion is roomforge's own, in C; this file runs it (Tiled's Process,
 * 1.5+) and hands Tiled the .tmx through Tiled's own TMX reader and writer
 * (tiled.mapFormat, 1.4+), so editor and CLI never disagree. Saving never
 * loses a room: a rooms.xml of several rooms is refused. Install: copy into
 * Tiled's extensions folder (~/.config/tiled/extensions/ on Linux).
 */

/* The roomforge to run: a name looked up in PATH, or a full path. */
var ROOMFORGE = "roomforge";
/* The tile side of maps opened from rooms.xml, in pixels (8-64). */
var TILE = 24;

/* Runs program with args; {code, out, err}. Throws when it cannot start
 * (Process.exec gives a negative code then). */
function run(program, args) {
    var p = new Process();
    var code = p.exec(program, args, false);
    var result = { code: code, out: p.readStdOut(), err: p.readStdErr() };
    p.close();
    if (code < 0)
        throw new Error("cannot run " + program + " (is it installed and in PATH?)");
    return result;
}

/* The folder a room opened from rooms.xml is converted in: the user's
 * cache, where each file is written over the next time the same room is
 * opened, so opening rooms leaves no trail of folders. */
function cacheDir() {
    var r = run("sh", ["-c", "d=\"${XDG_CACHE_HOME:-$HOME/.cache}/roomforge-tiled\" && " +
                             "mkdir -p \"$d\" && printf %s \"$d\""]);
    if (r.code !== 0)
        throw new Error("roomforge: cannot make the cache folder: " + r.err);
    return r.out;
}

/* A new private folder for the conversion's files (saving: removed after). */
function tempDir() {
    var r = run("mktemp", ["-d", "-t", "roomforge-tiled.XXXXXX"]);
    if (r.code !== 0)
        throw new Error("roomforge: cannot make a temporary folder: " + r.err);
    return r.out.trim();
}

/* The rooms of a rooms.xml file, as `roomforge list` reads it. */
function roomsOf(fileName) {
    var r = run(ROOMFORGE, ["list", "--quiet", "--content", fileName, "--format", "json"]);
    if (r.code === 2)
        throw new Error("roomforge list: " + r.err.trim());
    return JSON.parse(r.out).rooms;
}

function baseName(fileName) {
    var name = fileName.replace(/^.*\//, "");
    return name.replace(/\.[^.]*$/, "");
}

/* Opening: the file's room through `roomforge export`, read as Tiled's TMX.
 * A file of several rooms opens its first, and says so in the console. */
function readRooms(fileName) {
    var rooms = roomsOf(fileName);
    if (rooms.length === 0)
        throw new Error(fileName + " holds no room roomforge loads (roomforge lint " + fileName + ")");
    if (rooms.length > 1)
        tiled.log(fileName + " holds " + rooms.length + " rooms; opened '" + rooms[0].name +
                  "' (roomforge export --format tmx opens any other)");
    var tmx = cacheDir() + "/" + baseName(fileName) + ".tmx";
    var r = run(ROOMFORGE, ["export", "--quiet", "--force", "--content", fileName, "--tile",
                            String(TILE), "-o", tmx, rooms[0].name]);
    if (r.code !== 0)
        throw new Error("roomforge export: " + r.err.trim());
    return tiled.mapFormat("tmx").read(tmx);
}

/* Saving: the map as Tiled's TMX, then `roomforge import` over the file. A
 * map without a room.name property takes the file's name. Errors roomforge
 * finds are returned, so Tiled shows them and keeps the map unsaved. */
function writeRooms(map, fileName) {
    if (run("test", ["-e", fileName]).code === 0 && roomsOf(fileName).length > 1)
        return fileName + " holds several rooms and a map is one: save as a new file, " +
               "or roomforge import the map and merge by hand";
    if (!map.property("room.name"))
        map.setProperty("room.name", baseName(fileName));
    var dir = tempDir(), tmx = dir + "/room.tmx";
    var error = tiled.mapFormat("tmx").write(map, tmx);
    if (error)
        return error;
    var r = run(ROOMFORGE, ["import", "--quiet", "--force", "-o", fileName, tmx]);
    run("rm", ["-rf", dir]);
    if (r.code !== 0)
        return "roomforge import (exit " + r.code + "):\n" + r.err.trim();
    return undefined;
}

tiled.registerMapFormat("roomforge", {
    name: "roomforge rooms.xml",
    extension: "xml",
    read: readRooms,
    write: writeRooms,
});
