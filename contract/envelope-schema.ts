import { z } from 'zod';

// Answer schemas for route declarations; apart from envelope.ts so the browser needs no zod.

/** zod schema of an envelope around `data`, for route answer declarations. */
export function envelopeOf<T extends z.ZodType>(data: T) {
  return z.object({ code: z.number().int(), msg: z.string(), data });
}

export const errorEnvelope = z.object({
  code: z.number().int(),
  msg: z.string(),
  data: z.unknown(),
});
