import { defineResource } from '@/shared/resource';

/** The statistics screen (spec sections 2 and 6): charts over orders and people, no own state. */
export const statisticsResource = defineResource({
  name: 'statistics',
  path: '/statistic',
  pages: { list: () => import('./pages/StatisticsPage') },
  nav: { group: 'statistics', list: 'Layout.nav.charts' },
});
