// A thread that reads V8's `gc` over and over, as drawing threads do when they start together
// (gc-race.test.ts); the TypeScript sources through tsx's loader, as src/ai/worker-tsx.mjs does.
import { register } from 'tsx/esm/api';

register();
const { youngCollection } = await import('../../src/heap.ts');
for (let read = 0; read < 200; read++) youngCollection()();
