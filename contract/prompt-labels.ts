/** The label of the approved live version: it moves only through review. */
export const PRODUCTION_LABEL = 'production';

/** What a label may be: lower-case letters, digits and hyphens, at most 32. */
export const LABEL_RE = /^[a-z0-9-]{1,32}$/;
