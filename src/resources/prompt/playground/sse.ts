/** One server-sent event: its name and its data parsed as JSON. */
export interface SseEvent {
  event: string;
  data: unknown;
}

/**
 * Reads server-sent events out of a growing text (an XHR's responseText as it arrives): each
 * call hands over the whole text so far and gets the events completed since the last call.
 */
export class SseReader {
  private read = 0;

  take(text: string): SseEvent[] {
    const events: SseEvent[] = [];
    for (;;) {
      const end = text.indexOf('\n\n', this.read);
      if (end < 0) return events;
      const block = text.slice(this.read, end);
      this.read = end + 2;
      let event = 'message';
      const data: string[] = [];
      for (const line of block.split('\n')) {
        if (line.startsWith('event:')) event = line.slice(6).trim();
        else if (line.startsWith('data:')) data.push(line.slice(5).trimStart());
      }
      if (!data.length) continue;
      try {
        events.push({ event, data: JSON.parse(data.join('\n')) });
      } catch {
        // A block that is not JSON is not one of ours: skipped.
      }
    }
  }
}
