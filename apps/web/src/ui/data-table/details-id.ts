import { createContext, useContext } from 'react';

/** The id of a row's expanded details, for the button that opens them (`aria-controls`). */
export const DetailsIdContext = createContext<(key: string | number) => string | undefined>(() => undefined);

/** In a cell of a data table: the id its row's details region has when open. */
export function useDetailsId(key: string | number): string | undefined {
  return useContext(DetailsIdContext)(key);
}
