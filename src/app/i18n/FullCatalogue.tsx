import { useEffect } from 'react';
import { Outlet } from 'react-router-dom';
import { PageLoader } from '../layout/PageLoader';
import { useLocale } from '@/shared/i18n/LocaleContext';

/**
 * Route element that waits for the whole message catalogue of the current language (see
 * messages.ts) before rendering its child routes, and asks for it. Sign-in screens do without
 * it, so they never download it.
 */
export function FullCatalogue() {
  const { fullCatalogue, requestFullCatalogue } = useLocale();
  useEffect(requestFullCatalogue, [requestFullCatalogue]);
  return fullCatalogue ? <Outlet /> : <PageLoader />;
}
