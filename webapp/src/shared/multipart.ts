/** Files of a multipart write, by part name; a list repeats the part. */
export type MultipartFiles = Record<string, File | File[] | null | undefined>;

/**
 * The API's multipart writes: the entity as JSON in the field `data`, each file as its own part
 * (contract: "Multipart writes").
 */
export function entityFormData(data: unknown, files: MultipartFiles = {}): FormData {
  const form = new FormData();
  form.append('data', JSON.stringify(data));
  appendFiles(form, files);
  return form;
}

export function appendFiles(form: FormData, files: MultipartFiles) {
  for (const [name, value] of Object.entries(files)) {
    for (const file of Array.isArray(value) ? value : value ? [value] : []) {
      form.append(name, file);
    }
  }
}
