import { addDays, DEFAULT_TIME_ZONE, formatterPerZone, todayIn } from '../../contract/statistics';

/** One cached formatter per zone: a range's split asks ten offsets. */
const formatterOf = formatterPerZone('en-US', {
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

/** The zone's offset from UTC at instant `t` (ms), from Intl: DST included. */
function offsetAt(t: number, zone: string): number {
  const parts = formatterOf(zone).formatToParts(new Date(t));
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    Number(parts.find((p) => p.type === type)?.value);
  const local = Date.UTC(
    part('year'),
    part('month') - 1,
    part('day'),
    part('hour'),
    part('minute'),
    part('second'),
  );
  return local - (t - (((t % 1000) + 1000) % 1000));
}

/** The instant (ms since the epoch) at which `date` begins in `zone`. */
export function dayStart(date: string, zone: string): number {
  const asUtc = Date.parse(`${date}T00:00:00Z`);
  // The offset at the guess, then at the instant itself (a DST change between the two).
  const guess = asUtc - offsetAt(asUtc, zone);
  return asUtc - offsetAt(guess, zone);
}

/**
 * Another zone's days as the platform days wholly inside them (`days`, absent when none) and the
 * instants [from, to) around them (`edges`, at most two partial days).
 */
export function platformDaysWithin(
  startDate: string,
  endDate: string,
  zone: string,
): { days?: { first: string; last: string }; edges: [number, number][] } {
  const from = dayStart(startDate, zone);
  const to = dayStart(addDays(endDate, 1), zone);
  const platformDay = (t: number) => todayIn(DEFAULT_TIME_ZONE, new Date(t));
  const startOf = (day: string) => dayStart(day, DEFAULT_TIME_ZONE);
  const fromDay = platformDay(from);
  const first = startOf(fromDay) === from ? fromDay : addDays(fromDay, 1);
  const last = addDays(platformDay(to), -1);
  if (first > last) return { edges: [[from, to]] };
  const edges: [number, number][] = [
    [from, startOf(first)],
    [startOf(addDays(last, 1)), to],
  ];
  return { days: { first, last }, edges: edges.filter(([a, b]) => a < b) };
}
