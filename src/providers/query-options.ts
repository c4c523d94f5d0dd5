import type { IRefineOptions } from '@refinedev/core';
import { isTransient } from './http';

/** Tries after the first failure of a query; transient failures only (see isTransient). */
export const QUERY_RETRIES = 1;

/**
 * react-query's retry decision. Its default, three retries of anything, sent a failed list four
 * times and a 4xx (bad input, no access, an ended session) again and again with nothing changed.
 */
export function retryTransient(failureCount: number, error: unknown): boolean {
  return failureCount < QUERY_RETRIES && isTransient(error);
}

/** refine's react-query client options for the console. */
export const reactQueryOptions: NonNullable<IRefineOptions['reactQuery']> = {
  clientConfig: {
    defaultOptions: {
      queries: { retry: retryTransient },
      // A write is never repeated behind the user's back: it may have reached the server.
      mutations: { retry: false },
    },
  },
};
