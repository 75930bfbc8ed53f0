/** `/`: the dashboard, for admins only; everyone else is sent to the tickets (docs/architecture.md §8). */
import { Navigate } from 'react-router';
import { TICKETS_PATH } from '../app/paths';
import { isAdmin } from '../session/me';
import { useMe } from '../session/me-context';
import { ComingSoonPage } from './ComingSoonPage';

export function HomePage() {
  const { user } = useMe();
  if (!isAdmin(user)) return <Navigate to={TICKETS_PATH} replace />;
  return <ComingSoonPage />;
}
