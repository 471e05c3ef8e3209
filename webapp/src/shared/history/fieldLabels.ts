/**
 * Every field name of a record at any depth: its own keys, its objects' keys and its lists'
 * items' keys ('vat' and 'pricesWithVat', 'lines' and 'price'). A map's keys (an index
 * signature, e.g. a custom field's id) are values, not names, and are left out; so is what lies
 * deeper than a record goes (free JSON).
 */
export type FieldName<T, Depth extends unknown[] = []> = Depth['length'] extends 6
  ? never
  : T extends readonly (infer Item)[]
    ? FieldName<Item, [...Depth, unknown]>
    : T extends object
      ? {
          [K in keyof T & string]:
            (string extends K ? never : K) | FieldName<T[K], [...Depth, unknown]>;
        }[keyof T & string]
      : never;
