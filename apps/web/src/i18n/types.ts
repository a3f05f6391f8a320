/**
 * The shape of a message catalogue. A message is a sentence with `{name}` placeholders, or — for
 * words that change with a number — one sentence per plural category (Intl.PluralRules), of
 * which `other` is always there: the category every language has.
 */
export interface PluralMessage {
  readonly zero?: string;
  readonly one?: string;
  readonly two?: string;
  readonly few?: string;
  readonly many?: string;
  readonly other: string;
}

export type Message = string | PluralMessage;

/** The placeholder names in a message's text: `'{n} of {m}'` gives `'n' | 'm'`. */
type Placeholders<S> = S extends `${infer _Head}{${infer P}}${infer Rest}` ? P | Placeholders<Rest> : never;

type TextOf<M> = M extends string ? M : M extends PluralMessage ? M[keyof M] : never;

/** The parameters a message takes; a plural message always takes the `count` it is chosen by. */
export type ParamsOf<M> = { readonly [P in Placeholders<TextOf<M>> | (M extends string ? never : 'count')]: string | number };

/** Another language's catalogue for `Source`: every key, each a plain string or plural forms as the source has. */
export type Translation<Source> = { readonly [K in keyof Source]: Source[K] extends string ? string : PluralMessage };
