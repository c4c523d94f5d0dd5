import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';

/** /redirect/:path — replaces itself with /:path (and its query), remounting that page. */
export default function RedirectPage() {
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    const rest = location.pathname.replace(/^\/redirect\/?/, '');
    navigate(`/${decodeURIComponent(rest)}${location.search}`, { replace: true });
  }, [location, navigate]);
  return null;
}
