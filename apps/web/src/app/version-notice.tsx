import { Alert, Button, Snackbar } from '@mui/material';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

const CHECK_EVERY_MS = 60_000;

/** Tells the user when a newer build is deployed than the one running in this tab. */
export function VersionNotice() {
  const { t } = useTranslation();
  const [newer, setNewer] = useState(false);
  useEffect(() => {
    const check = () => {
      fetch('/version.json', { cache: 'no-store' })
        .then((r) => (r.ok ? (r.json() as Promise<{ version?: string }>) : undefined))
        .then((v) => {
          if (v?.version && v.version !== __APP_VERSION__) {
            setNewer(true);
          }
        })
        .catch(() => undefined);
    };
    const timer = setInterval(check, CHECK_EVERY_MS);
    window.addEventListener('focus', check);
    check();
    return () => {
      clearInterval(timer);
      window.removeEventListener('focus', check);
    };
  }, []);
  return (
    <Snackbar open={newer} anchorOrigin={{ vertical: 'top', horizontal: 'center' }}>
      <Alert
        severity="info"
        data-testid="version-notice"
        action={
          <Button color="inherit" size="small" onClick={() => window.location.reload()}>
            {t('version.reload')}
          </Button>
        }
      >
        {t('version.newer')}
      </Alert>
    </Snackbar>
  );
}
