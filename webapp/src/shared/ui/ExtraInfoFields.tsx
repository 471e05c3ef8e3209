import type { ExtraInfoDefinition } from '../extraInfo';
import {
  CheckboxGroupField,
  MultiSelectField,
  RadioGroupField,
  SelectField,
  TextField,
} from './FormFields';

interface ExtraInfoFieldsProps {
  definitions: ExtraInfoDefinition[];
  /** The formik object holding the values by alias; default 'extraInfo'. */
  name?: string;
}

/** The club's extra-info fields (Radio, Checkbox, Select, Text; multiple; required) in a form. */
export function ExtraInfoFields({ definitions, name = 'extraInfo' }: ExtraInfoFieldsProps) {
  return (
    <>
      {definitions.map((definition) => {
        const field = `${name}.${definition.alias}`;
        const options = definition.values.map((value) => ({ label: value, value }));
        switch (definition.type) {
          case 'Radio':
            return (
              <RadioGroupField
                key={definition.alias}
                name={field}
                label={definition.title}
                options={definition.values}
              />
            );
          case 'Checkbox':
            return (
              <CheckboxGroupField
                key={definition.alias}
                name={field}
                label={definition.title}
                options={definition.values}
              />
            );
          case 'Select':
            return definition.multiple ? (
              <MultiSelectField
                key={definition.alias}
                name={field}
                label={definition.title}
                options={options}
              />
            ) : (
              <SelectField
                key={definition.alias}
                name={field}
                label={definition.title}
                options={options}
                showClear={!definition.required}
              />
            );
          default:
            return <TextField key={definition.alias} name={field} label={definition.title} />;
        }
      })}
    </>
  );
}
