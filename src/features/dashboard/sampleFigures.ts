/** A figure of the dashboard summary. */
export interface SummaryFigure {
  /** Catalogue id of the label. */
  labelId: string;
  value: number;
}

/**
 * Sample figures (spec 1: the dashboard holds sample content). The statistics work replaces
 * SAMPLE_FIGURES with real ones by passing `figures`.
 */
export const SAMPLE_FIGURES: readonly SummaryFigure[] = [
  { labelId: 'Dashboard.figure.students', value: 128 },
  { labelId: 'Dashboard.figure.tutors', value: 46 },
  { labelId: 'Dashboard.figure.orders', value: 312 },
  { labelId: 'Dashboard.figure.subjects', value: 24 },
];
