// Purchase limits as numbers, without zod (the storefront's packages island uses it).

/** Whether a limit of `max` (0: none) allows `n`. */
export const withinLimit = (n: number, max: number) => max === 0 || n <= max;
