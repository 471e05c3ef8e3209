/**
 * An extra-info field's definition (spec 1 §3) and what its value holds, without the rules that
 * check it (`extraInfo.ts`, with yup): the public booking sends answers with these alone and
 * so loads no form rules on the event page (issue 36).
 */

export type ExtraInfoType = 'Radio' | 'Checkbox' | 'Select' | 'Text';

export interface ExtraInfoDefinition {
  title: string;
  alias: string;
  type: ExtraInfoType;
  values: string[];
  multiple: boolean;
  required: boolean;
}

export type ExtraInfoValue = string | string[];

/** Checkboxes and multiple selects hold several values. */
export function holdsSeveral(definition: ExtraInfoDefinition): boolean {
  return definition.type === 'Checkbox' || (definition.type === 'Select' && definition.multiple);
}
