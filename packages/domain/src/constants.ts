/** Business constants of spec section 9 that both the server and the browser use. */
export const SNACKBAR_AUTO_HIDE_MS = 6000;
export const DEBOUNCE_MS = 500;

export const SOCKET = {
  path: '/ws/socket.io',
  reconnectionDelay: 1000,
  reconnectionDelayMax: 5000,
  randomizationFactor: 0.5,
  timeout: 20_000,
  /** How long an emit waits for the server's acknowledgement (spec 8; the spec does not give the value). */
  ackTimeout: 10_000,
  /** Spec 8: what a missing acknowledgement gives. */
  ackTimeoutMessage: 'operation has timed out',
} as const;

export const PRIMARY_COLOURS = {
  blue: '#1565c0',
  chateauGreen: '#3aa55d',
  neonBlue: '#5f5cf0',
  royalBlue: '#3f6ad8',
  tomatoOrange: '#f0643c',
} as const;
export type PrimaryColour = keyof typeof PRIMARY_COLOURS;
export const DEFAULT_PRIMARY_COLOUR: PrimaryColour = 'blue';

export const BREAKPOINTS = { xs: 0, sm: 600, md: 900, lg: 1200, xl: 1440 } as const;

export const PAGE_SIZES = {
  users: 100,
  clients: 100,
  presentations: 20,
  recommendations: 25,
  locations: 50,
  partners: 50,
  events: 50,
  import: 50,
  finances: 100,
} as const;

/** Spec 9: the browser asks for the last OCR operation's result this often, this many times at most. */
export const OCR_POLL_INTERVAL_MS = 20_000;
export const OCR_POLL_MAX_TRIES = 100;
/** While an uploaded file's rows are being checked, the browser asks for its progress this often. */
export const IMPORT_BATCH_POLL_MS = 750;

/** The page sizes a data table offers unless it names its own. */
export const DEFAULT_PAGE_SIZES = [25, 50, 100] as const;

export const PAGE_TITLE = 'Persönliches Dashboard';
