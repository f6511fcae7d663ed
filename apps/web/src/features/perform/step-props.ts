import type { ProductDto } from '@bo/domain';
import type { Dispatch } from 'react';
import { useTranslation } from 'react-i18next';
import type { DraftAction, PresentationDraft } from './draft.ts';

/** What every step of the presentation flow gets. */
export interface StepProps {
  draft: PresentationDraft;
  dispatch: Dispatch<DraftAction>;
  set: (patch: Partial<Omit<PresentationDraft, 'lines'>>) => void;
  /** The active products (for the gift and the order lines). */
  products: readonly ProductDto[];
  /** Field errors of the last check or refusal, by field path. */
  errors: Record<string, string>;
}

/** The translated error of a field, if it has one. */
export function useFieldError(errors: Record<string, string>) {
  const { t } = useTranslation();
  return (field: string): string | undefined => {
    const key = errors[field];
    return key ? t(`validation.${key}`, { defaultValue: key }) : undefined;
  };
}
