import { Outlet } from 'react-router-dom';
import { PageLoader } from '../layout/PageLoader';
import { useLocale } from '@/shared/i18n/LocaleContext';

/**
 * Route element that waits for the whole message catalogue of the current language (see
 * messages.ts) before rendering its child routes. Sign-in screens do without it.
 */
export function FullCatalogue() {
  const { fullCatalogue } = useLocale();
  return fullCatalogue ? <Outlet /> : <PageLoader />;
}
