// Pack a folder of Foundry documents into a LevelDB compendium with the official CLI
// (@foundryvtt/foundryvtt-cli's compilePack), unpack it again with its extractPack, and
// print every key and value the pack holds, as JSON (what Foundry's server reads).
// node foundry_pack.mjs CLI_PACKAGE_DIR SOURCE_DIR PACK_DIR OUT_DIR
import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";

const [cliDir, source, pack, out] = process.argv.slice(2);
const cli = await import(pathToFileURL(path.join(cliDir, "index.mjs")).href);
await cli.compilePack(source, pack, { log: false });
await cli.extractPack(pack, out, { log: false });
const { ClassicLevel } = createRequire(path.join(cliDir, "package.json"))("classic-level");
const db = new ClassicLevel(pack, { keyEncoding: "utf8", valueEncoding: "json" });
await db.open();
const held = {};
for await (const [key, value] of db.iterator()) held[key] = value;
await db.close();
process.stdout.write(JSON.stringify(held));
