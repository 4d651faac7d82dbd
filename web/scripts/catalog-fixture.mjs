// Writes src/games/words/catalog.fixture.json: each game's id, name and parameters as a built
// `tabletop serve` lists them (GET /api/games), for the unit test that every parameter has its
// plain words (words.test.ts). e2e/lobby.test.mjs fails when the served catalog differs from it.
// Run from web/ after building the binary: node scripts/catalog-fixture.mjs
import fs from "node:fs";
import path from "node:path";
import { Server } from "../e2e/harness.mjs";

export const FIXTURE = path.join(import.meta.dirname, "..", "src/games/words/catalog.fixture.json");

/** The part of GET /api/games the fixture keeps. */
export function catalogParams(games) {
  return games.map((g) => ({
    id: g.id,
    name: g.name,
    params: g.params.map((p) => ({
      name: p.name,
      type: p.type,
      kind: p.kind,
      default: p.default,
      ...(p.min !== undefined ? { min: p.min, max: p.max } : {}),
      description: p.description,
    })),
  }));
}

if (process.argv[1] === import.meta.filename) {
  const server = new Server();
  try {
    await server.start();
    const games = await server.api("GET", "/api/games");
    fs.writeFileSync(FIXTURE, JSON.stringify(catalogParams(games), null, 2) + "\n");
    console.log(`wrote ${FIXTURE}`);
  } finally {
    await server.stop();
  }
}
