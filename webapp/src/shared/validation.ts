import i18next from 'i18next';
import * as yup from 'yup';
import { DANISH_DECIMAL, parseDanishDecimal } from './format';

/**
 * The form rule set of spec 1 §5 (required, email, mimes, numeric, min_value, max_value, max, min,
 * size, decimal, confirm) as yup rules with the spec's Danish messages. Import `yup` from here so
 * the messages and the extra rules are installed:
 *
 *   yup.object({ email: yup.string().label(t('session.fields.email')).required().email() })
 *
 * Messages are looked up when a value is validated, so they follow the current language.
 */

interface FieldParams {
  path?: string;
  label?: string;
}

/** A yup message that is translated when it is shown; `{{field}}` is the field's label. */
function message<P extends object>(
  key: string,
  extra: (params: P) => Record<string, unknown> = () => ({}),
) {
  return (params: P) => {
    const { label, path } = params as FieldParams;
    return i18next.t(`validation.${key}`, { field: label ?? path ?? '', ...extra(params) });
  };
}

yup.setLocale({
  mixed: {
    required: message('required'),
    notType: message('numeric'),
    notNull: message('required'),
  },
  string: {
    email: message('email'),
    min: message('min', ({ min }: { min: number }) => ({ min })),
    max: message('max', ({ max }: { max: number }) => ({ max })),
    length: message('length', ({ length }: { length: number }) => ({ length })),
  },
  number: {
    min: message('minValue', ({ min }: { min: number }) => ({ min })),
    max: message('maxValue', ({ max }: { max: number }) => ({ max })),
  },
});

function isEmpty(value: unknown): boolean {
  return value === undefined || value === null || value === '';
}

const IMAGE_TYPES = ['image/*'];

function matchesType(file: File, types: string[]): boolean {
  const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
  return types.some((type) => {
    const wanted = type.toLowerCase();
    if (wanted.endsWith('/*')) return file.type.startsWith(wanted.slice(0, -1));
    if (wanted.includes('/')) return file.type === wanted;
    return extension === wanted.replace(/^\./, '');
  });
}

// The type parameters must repeat yup's own declarations for the interfaces to merge.
/* eslint-disable @typescript-eslint/no-unused-vars */
declare module 'yup' {
  interface StringSchema<TType, TContext, TDefault, TFlags> {
    /** Digits only. */
    numeric(): this;
    /** A Danish-format number with a comma as decimal separator. */
    decimal(): this;
    /** The Danish number is at least `min`. */
    minValue(min: number): this;
    /** The Danish number is at most `max`. */
    maxValue(max: number): this;
    /** Equals the sibling field `other` (labelled `otherLabel`). */
    confirm(other: string, otherLabel: string): this;
  }
  interface MixedSchema<TType, TContext, TDefault, TFlags> {
    /** A File (or empty) whose type matches one of `types` ('image/*', 'application/pdf', 'pdf'). */
    mimes(types: string[]): this;
    /** A File (or empty) that is an image. */
    image(): this;
    /** A File (or empty) of at most `kilobytes` KB (the spec's `size` rule, vee-validate style). */
    size(kilobytes: number): this;
  }
}
/* eslint-enable @typescript-eslint/no-unused-vars */

yup.addMethod(yup.string, 'numeric', function numeric(this: yup.StringSchema) {
  return this.test(
    'numeric',
    message('numeric'),
    (value) => isEmpty(value) || /^\d+$/.test(value ?? ''),
  );
});

yup.addMethod(yup.string, 'decimal', function decimal(this: yup.StringSchema) {
  return this.test(
    'decimal',
    message('decimal'),
    (value) => isEmpty(value) || DANISH_DECIMAL.test((value ?? '').trim()),
  );
});

yup.addMethod(yup.string, 'minValue', function minValue(this: yup.StringSchema, min: number) {
  return this.test({
    name: 'minValue',
    params: { min },
    message: message('minValue', () => ({ min })),
    test: (value) => {
      const parsed = parseDanishDecimal(value ?? '');
      return isEmpty(value) || Number.isNaN(parsed) || parsed >= min;
    },
  });
});

yup.addMethod(yup.string, 'maxValue', function maxValue(this: yup.StringSchema, max: number) {
  return this.test({
    name: 'maxValue',
    params: { max },
    message: message('maxValue', () => ({ max })),
    test: (value) => {
      const parsed = parseDanishDecimal(value ?? '');
      return isEmpty(value) || Number.isNaN(parsed) || parsed <= max;
    },
  });
});

yup.addMethod(
  yup.string,
  'confirm',
  function confirm(this: yup.StringSchema, other: string, otherLabel: string) {
    return this.test({
      name: 'confirm',
      message: message('confirm', () => ({ other: otherLabel })),
      test(value) {
        return (value ?? '') === ((this.parent as Record<string, unknown>)[other] ?? '');
      },
    });
  },
);

yup.addMethod(yup.mixed, 'mimes', function mimes(this: yup.MixedSchema, types: string[]) {
  return this.test({
    name: 'mimes',
    message: message('mimes', () => ({ types: types.join(', ') })),
    test: (value) => isEmpty(value) || !(value instanceof File) || matchesType(value, types),
  });
});

yup.addMethod(yup.mixed, 'image', function image(this: yup.MixedSchema) {
  return this.test({
    name: 'image',
    message: message('image'),
    test: (value) => isEmpty(value) || !(value instanceof File) || matchesType(value, IMAGE_TYPES),
  });
});

yup.addMethod(yup.mixed, 'size', function size(this: yup.MixedSchema, kilobytes: number) {
  return this.test({
    name: 'size',
    params: { size: kilobytes },
    message: message('size', () => ({ size: kilobytes })),
    test: (value) => isEmpty(value) || !(value instanceof File) || value.size <= kilobytes * 1024,
  });
});

export { yup };
