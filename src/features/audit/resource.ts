import { defineResource } from '@/shared/resource';

/**
 * The audit log screen: Systems > Audit log, admins only; reads the log itself
 * (features/audit/auditApi), so it has no slice or entity api.
 */
export const auditResource = defineResource({
  name: 'audit',
  path: '/audit',
  pages: { list: () => import('./pages/AuditPage') },
  nav: { group: 'systems', list: 'Layout.nav.audit' },
});
