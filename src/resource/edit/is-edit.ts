// Whether `rest api` input changes a resource that exists: kept apart so the command loads no generator to ask.
export interface FieldChangeFlags {
  addFields?: string;
  removeFields?: string;
  renameField?: string;
}

export const isResourceEdit = (input: FieldChangeFlags): boolean =>
  [input.addFields, input.removeFields, input.renameField].some((value) => value !== undefined);
