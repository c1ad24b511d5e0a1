/**
 * Sample notifications (spec 1: "a sample notifications list" is sample content, not product
 * behaviour). Shown in the header's notifications menu and on the dashboard.
 */
export interface SampleNotification {
  id: string;
  /** Catalogue id of the text. */
  messageId: string;
  /** How long ago, in minutes (rendered with the locale's relative time). */
  minutesAgo: number;
}

export const SAMPLE_NOTIFICATIONS: readonly SampleNotification[] = [
  { id: 'n1', messageId: 'Dashboard.sample.newOrder', minutesAgo: 5 },
  { id: 'n2', messageId: 'Dashboard.sample.newTutor', minutesAgo: 42 },
  { id: 'n3', messageId: 'Dashboard.sample.testCompleted', minutesAgo: 180 },
];

/** The relative time of a sample notification, in the largest sensible unit. */
export function sampleAge(minutesAgo: number): { value: number; unit: 'minute' | 'hour' } {
  return minutesAgo < 60
    ? { value: -minutesAgo, unit: 'minute' }
    : { value: -Math.round(minutesAgo / 60), unit: 'hour' };
}
