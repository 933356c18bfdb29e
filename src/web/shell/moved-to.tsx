// A path that moved: replaces the history entry with the new path, keeping the query string
// (a refid, a redirectTo).
import { Navigate, useLocation } from 'react-router';

export function MovedTo({ path }: { path: string }) {
  const { search } = useLocation();
  return <Navigate to={{ pathname: path, search }} replace />;
}
