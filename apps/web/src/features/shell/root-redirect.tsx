import { dashboardPath } from '@bo/domain';
import { Navigate } from 'react-router';
import { useCurrentUser } from '../../app/session.ts';
import { Loading } from './dashboard-layout.tsx';

export function RootRedirect() {
  const { data: user, isLoading } = useCurrentUser();
  if (isLoading) {
    return <Loading />;
  }
  return <Navigate to={user ? dashboardPath(user.role.code) : '/login'} replace />;
}
