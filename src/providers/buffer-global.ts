import { Buffer } from 'buffer';

// casbin reaches for Node's Buffer in the browser; access-enforcer.ts imports this first.
(globalThis as { Buffer?: typeof Buffer }).Buffer ??= Buffer;
