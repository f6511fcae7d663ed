import { Alert, Snackbar } from '@mui/material';
import { SNACKBAR_AUTO_HIDE_MS } from '@bo/domain';
import { useSyncExternalStore } from 'react';

export type SnackbarType = 'error' | 'success' | 'info';

interface SnackbarState {
  isOpen: boolean;
  type: SnackbarType;
  message: string;
  data?: unknown;
}

let state: SnackbarState = { isOpen: false, type: 'error', message: '' };
const listeners = new Set<() => void>();

function set(next: SnackbarState): void {
  state = next;
  listeners.forEach((l) => l());
}

/** Global message bar: error by default, or success / info. */
export const snackbar = {
  show: (message: string, type: SnackbarType = 'error', data?: unknown) => {
    set({ isOpen: true, type, message, data });
  },
  close: () => {
    set({ ...state, isOpen: false });
  },
};

export function AppSnackbar() {
  const current = useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => state,
  );
  return (
    <Snackbar
      open={current.isOpen}
      autoHideDuration={SNACKBAR_AUTO_HIDE_MS}
      onClose={(_e, reason) => reason !== 'clickaway' && snackbar.close()}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
    >
      <Alert severity={current.type} variant="filled" onClose={snackbar.close} data-testid="snackbar" sx={{ minWidth: 280 }}>
        {current.message}
      </Alert>
    </Snackbar>
  );
}
