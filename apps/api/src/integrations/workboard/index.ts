import type { Config } from '../../config.ts';
import { localWorkboard } from './local-workboard.ts';
import { mondayWorkboard } from './monday-workboard.ts';
import type { Workboard } from './workboard.ts';

export { csvCell, localWorkboard } from './local-workboard.ts';
export {
  DEFAULT_MONDAY_COLUMN_MAP,
  MONDAY_COLUMN_TYPES,
  MONDAY_FIELDS,
  mondayColumnMapSchema,
  mondayWorkboard,
  type MondayColumn,
  type MondayColumnMap,
  type MondayColumnType,
  type MondayField,
  type MondayOptions,
} from './monday-workboard.ts';
export {
  EXPORT_FIELDS,
  WorkboardError,
  type ExportClient,
  type ExportField,
  type ExportFile,
  type Workboard,
  type WorkboardExport,
  type WorkboardFailure,
} from './workboard.ts';

/** The export named by `WORKBOARD_PROVIDER`: a CSV file by default, or a monday.com board. */
export function createWorkboard(config: Pick<Config, 'workboard'>): Workboard {
  const w = config.workboard;
  switch (w.provider) {
    case 'local':
      return localWorkboard();
    case 'monday':
      return mondayWorkboard({ apiToken: w.apiToken, boardId: w.boardId, baseUrl: w.baseUrl, columnMap: w.columnMap });
  }
}
