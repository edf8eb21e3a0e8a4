/** The characters XML 1.0 does not allow anywhere. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: they are what is being removed
const FORBIDDEN_IN_XML = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g;

/** Drops the characters XML 1.0 does not allow anywhere. */
export const xmlAllowed = (s: string) => s.replace(FORBIDDEN_IN_XML, '');

/** Text for an XML element or attribute (feeds): characters XML forbids dropped, markup escaped. */
export const xmlText = (s: string) =>
  xmlAllowed(s)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
