import { Navigate, useLocation } from 'react-router';

/** `{abbr}-clients?number=…` from the incoming-call dialog opens the clients list filtered by that number. */
export function IncomingCallRedirect() {
  const { pathname, search } = useLocation();
  const base = pathname.split('/').slice(0, 2).join('/');
  return <Navigate to={`${base}/clients${search}`} replace />;
}
