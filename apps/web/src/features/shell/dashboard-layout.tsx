import { Box, CircularProgress, Toolbar } from '@mui/material';
import { resolveDashboardPath } from '@bo/domain';
import { Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation } from 'react-router';
import { i18n } from '../../app/i18n.ts';
import { isSigningOut, useCurrentUser } from '../../app/session.ts';
import { useLiveConnection } from '../../app/socket.ts';
import { IncomingCallDialog } from '../telephony/incoming-call-dialog.tsx';
import { hasTelephony } from '../telephony/telephony-bar.tsx';
import { SideNav } from './side-nav.tsx';
import { TopBar } from './top-bar.tsx';

export function Loading() {
  return (
    <Box sx={{ display: 'grid', placeItems: 'center', minHeight: 240 }}>
      <CircularProgress aria-label="…" />
    </Box>
  );
}

/** Every dashboard screen sits in this frame; it also sends a user away from another role's addresses. */
export function DashboardLayout() {
  const { data: user, isLoading } = useCurrentUser();
  const location = useLocation();
  const { t } = useTranslation();
  const [navOpen, setNavOpen] = useState(false);
  const live = useLiveConnection(user);

  useEffect(() => {
    if (user) {
      // The user's own language wins over the cookie and the browser (spec 9).
      if (i18n.resolvedLanguage !== user.locale) {
        void i18n.changeLanguage(user.locale);
      }
      i18n.options.saveMissing = user.role.code === 'admin';
    }
  }, [user]);

  if (isLoading) {
    return <Loading />;
  }
  if (!user) {
    // A session that ended by itself comes back here after the sign-in; a sign-out does not.
    return <Navigate to={isSigningOut() ? '/login' : `/login?next=${encodeURIComponent(location.pathname + location.search)}`} replace />;
  }
  const allowed = resolveDashboardPath(user.role.code, location.pathname.replace(/\/$/, ''));
  if (allowed !== location.pathname.replace(/\/$/, '')) {
    return <Navigate to={allowed} replace />;
  }
  const base = allowed.split('/').slice(0, 2).join('/');
  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <TopBar user={user} base={base} live={live} onMenu={() => setNavOpen((o) => !o)} />
      <SideNav role={user.role.code} open={navOpen} onClose={() => setNavOpen(false)} />
      <Box component="main" sx={{ flexGrow: 1, p: { xs: 2, md: 3 }, minWidth: 0 }} aria-label={t('app.title')}>
        <Toolbar />
        <Suspense fallback={<Loading />}>
          <Outlet />
        </Suspense>
      </Box>
      {hasTelephony(user.role.code) && (
        // Spec 4: the incoming-call dialog, once for the signed-in agent, on every screen.
        <Suspense fallback={null}>
          <IncomingCallDialog role={user.role.code} />
        </Suspense>
      )}
    </Box>
  );
}
