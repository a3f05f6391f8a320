import type { PlayAction } from '@fives/bots';
import { formatTile } from '@fives/engine';
import { type Language, locale } from '../i18n/i18n.svelte.ts';
import type { Translation } from '../i18n/types.ts';
import { endLabel, tileLabel } from '../lib/names.ts';

/**
 * The coach's words. A catalogue of its own, beside the players' one (as the operator's console
 * has, admin/words.ts): only a practice table that shows the coach loads it, so the first page
 * does not carry it. Typed as the players' catalogues are: every language has every key.
 */
const en = {
  hint: 'Hint',
  'hint.label': 'Ask the coach for the best play now',
  thinking: 'The coach is thinking…',
  'hint.best': 'Coach: play {play}.',
  'hint.none': 'Nothing to choose: you have one move.',
  failed: 'The coach could not answer: {message}',
  'hand.heading': 'Coach: hand {n}',
  'hand.clean': 'None of your plays this hand cost anything the coach could see.',
  'hand.lesson': 'Your play {turn}: {made}. Better: {best}.',
  'hand.cost': 'It gave up about {win}% of your chance to win and {points} points.',
  'play.on': '{tile} on the {end}',
} as const;

type Words = typeof en;
export type CoachKey = keyof Words;

const es: Translation<Words> = {
  hint: 'Pista',
  'hint.label': 'Pide al entrenador la mejor jugada ahora',
  thinking: 'El entrenador está pensando…',
  'hint.best': 'Entrenador: juega {play}.',
  'hint.none': 'No hay nada que elegir: tienes una sola jugada.',
  failed: 'El entrenador no pudo responder: {message}',
  'hand.heading': 'Entrenador: mano {n}',
  'hand.clean': 'Ninguna de tus jugadas de esta mano costó nada que el entrenador viera.',
  'hand.lesson': 'Tu jugada {turn}: {made}. Mejor: {best}.',
  'hand.cost': 'Cedió cerca del {win}% de tu probabilidad de ganar y {points} puntos.',
  'play.on': '{tile} en el {end}',
};

const pt: Translation<Words> = {
  hint: 'Dica',
  'hint.label': 'Peça ao treinador a melhor jogada agora',
  thinking: 'O treinador está pensando…',
  'hint.best': 'Treinador: jogue {play}.',
  'hint.none': 'Não há o que escolher: você tem uma só jogada.',
  failed: 'O treinador não conseguiu responder: {message}',
  'hand.heading': 'Treinador: mão {n}',
  'hand.clean': 'Nenhuma das suas jogadas desta mão custou algo que o treinador visse.',
  'hand.lesson': 'Sua jogada {turn}: {made}. Melhor: {best}.',
  'hand.cost': 'Ela cedeu cerca de {win}% da sua chance de vencer e {points} pontos.',
  'play.on': '{tile} na {end}',
};

const fr: Translation<Words> = {
  hint: 'Indice',
  'hint.label': 'Demander à l’entraîneur le meilleur coup maintenant',
  thinking: 'L’entraîneur réfléchit…',
  'hint.best': 'Entraîneur : jouez {play}.',
  'hint.none': 'Rien à choisir : vous n’avez qu’un coup.',
  failed: 'L’entraîneur n’a pas pu répondre : {message}',
  'hand.heading': 'Entraîneur : manche {n}',
  'hand.clean': 'Aucun de vos coups de cette manche n’a rien coûté que l’entraîneur ait vu.',
  'hand.lesson': 'Votre coup {turn} : {made}. Mieux : {best}.',
  'hand.cost': 'Il a cédé environ {win} % de vos chances de gagner et {points} points.',
  'play.on': '{tile} sur le {end}',
};

export const COACH_WORDS: Record<Language, Translation<Words>> = { en, es, pt, fr };

/** A coach word in the player's language, its `{placeholders}` filled. */
export function cw(key: CoachKey, params: Readonly<Record<string, string | number>> = {}): string {
  const text = COACH_WORDS[locale.current][key];
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = params[name];
    return value === undefined ? whole : typeof value === 'number' ? locale.number(value) : value;
  });
}

/** A play as the coach says it: "six–four on the right end", or the tile alone for a lead. */
export function playText(play: PlayAction): string {
  const tile = tileLabel(formatTile(play.tile));
  return play.end === undefined ? tile : cw('play.on', { tile, end: endLabel(play.end) });
}
