import type { Preset } from '@fives/engine';

/**
 * Every word the archive's pages show (the player page, the replay viewer, the analysis, the
 * lobby's recent games and the score sheet's link), in English and Spanish, in one module so
 * that they move into the shared catalogue as they are. The language is the browser's (Spanish
 * for any `es-*`), else English.
 */
export type Lang = 'en' | 'es';

export interface Strings {
  readonly loading: string;
  readonly retry: string;
  readonly backToLobby: string;
  readonly notFoundGame: string;
  readonly notFoundPlayer: string;
  readonly badId: string;
  readonly unreachable: string;
  readonly failed: (status: number, message: string) => string;
  readonly presets: Readonly<Record<Preset, string>>;
  readonly players: (n: number) => string;
  readonly seatName: (seat: number) => string;
  readonly computer: string;
  /** A seat or player whose account was deleted: the games stay, the name does not. */
  readonly deletedPlayer: string;
  /** Beside a name nobody keeps (a guest's: anyone may play under it). */
  readonly guest: string;
  // ---- player page
  readonly playerTitle: (name: string) => string;
  readonly since: (date: string) => string;
  readonly gamesWins: (games: number, wins: number) => string;
  readonly stats: string;
  readonly rulesCol: string;
  readonly gamesCol: string;
  readonly winsCol: string;
  readonly winRate: string;
  readonly pointsPerHand: string;
  readonly countsScored: string;
  readonly mugginsMade: string;
  readonly mugginsMissed: string;
  readonly bestHand: string;
  readonly bestHandValue: (points: number) => string;
  readonly none: string;
  readonly chartTitle: string;
  readonly chartNote: (shown: number) => string;
  readonly chartEmpty: string;
  readonly gamesTitle: string;
  readonly filterRules: string;
  readonly filterPlayers: string;
  readonly all: string;
  readonly loadMore: string;
  readonly allLoaded: string;
  readonly noGames: string;
  readonly noneMatch: string;
  readonly won: string;
  readonly lost: string;
  /** A game the player left and did not come back to (a stand-in finished it): a loss in the ratings. */
  readonly left: string;
  /** Beside a seat's name on a game's page: its person left the game. */
  readonly leftSeat: string;
  readonly against: (names: string) => string;
  // ---- lobby and score sheet
  readonly recentTitle: string;
  readonly recentAll: string;
  readonly replayLink: string;
  /** A record that holds no hand (the reason a replay cannot be shown). */
  readonly noHand: string;
  // ---- replay viewer
  readonly gameTitle: (rules: string, date: string) => string;
  readonly winner: (name: string) => string;
  readonly replayTitle: string;
  readonly first: string;
  readonly prevHand: string;
  readonly back: string;
  readonly forward: string;
  readonly nextHand: string;
  readonly last: string;
  readonly slider: string;
  readonly keysHint: string;
  readonly stepOf: (hand: number, step: number, steps: number) => string;
  readonly dealt: (hand: number, leader: string) => string;
  readonly played: (who: string, tile: string, count: number, scored: number) => string;
  readonly drew: (who: string) => string;
  readonly passed: (who: string) => string;
  readonly claimed: (who: string, points: number, scored: number) => string;
  readonly noScore: (who: string) => string;
  readonly calledMuggins: (who: string, scored: number) => string;
  readonly count: string;
  readonly scores: string;
  readonly tiles: (n: number) => string;
  readonly toPlay: string;
  readonly boneyard: (n: number) => string;
  readonly handOver: (hand: number) => string;
  readonly wentOut: (who: string) => string;
  readonly blocked: string;
  readonly award: (who: string, points: number) => string;
  readonly noAwards: string;
  readonly download: string;
  readonly badRecord: (message: string) => string;
  // ---- analysis
  readonly analysisTitle: string;
  readonly analysisIntro: string;
  readonly analyse: string;
  readonly seatToAnalyse: string;
  readonly depth: string;
  readonly depths: Readonly<Record<'quick' | 'normal' | 'deep', string>>;
  readonly seed: string;
  readonly fairView: string;
  readonly hindsightView: string;
  readonly hindsightNote: string;
  readonly progress: (done: number, total: number) => string;
  readonly cancel: string;
  readonly analysisFailed: (message: string) => string;
  readonly summary: (name: string) => string;
  readonly bestShare: string;
  readonly lostPerHand: string;
  readonly decisionsCol: string;
  readonly handCol: string;
  readonly playedCol: string;
  readonly bestCol: string;
  readonly pointsCol: string;
  readonly winCol: string;
  readonly costly: string;
  readonly bestMark: string;
  readonly showStep: string;
  readonly noDecisions: string;
  readonly took: (seconds: string) => string;
  // ---- ratings (player page)
  readonly ratingCol: string;
  readonly ratingsTitle: string;
  readonly ratingsNote: string;
  readonly ratingsEmpty: string;
  readonly ratingsUnavailable: string;
  /** The text a chart of one key's rating says in words: where it is now, where it started, its highest, over how many games. */
  readonly ratingsSummary: (rules: string, now: string, first: string, high: number, games: number) => string;
  readonly ratingPoint: (date: string, rating: number, rd: number) => string;
  // ---- leaderboard
  readonly leaderboardTitle: string;
  readonly leaderboardIntro: (days: number, rd: number) => string;
  readonly leaderboardOf: (rules: string) => string;
  readonly rankCol: string;
  readonly playerCol: string;
  readonly leaderboardEmpty: string;
  readonly leaderboardLink: string;
}

const en: Strings = {
  loading: 'Loading…',
  retry: 'Try again',
  backToLobby: 'Back to the lobby',
  notFoundGame: 'There is no game with this id in the archive (a game just finished may take a moment to arrive).',
  notFoundPlayer: 'There is no player with this id in the archive yet: their games show here once one is finished.',
  badId: 'This address does not name a game or a player.',
  unreachable: 'The game server cannot be reached. Check the connection and try again.',
  failed: (status, message) => `The server answered ${status}: ${message}`,
  presets: {
    allFives: 'All Fives',
    allFives150: 'All Fives to 150',
    muggins: 'Muggins',
    partners: 'Partners',
    cribbage: 'Cribbage scoring',
    block: 'Block',
    draw: 'Draw',
    fivesAndThrees: 'Fives and Threes',
    latin: 'Latin partners',
  },
  players: (n) => `${n} players`,
  seatName: (seat) => `Seat ${seat + 1}`,
  computer: 'computer',
  deletedPlayer: 'deleted player',
  guest: 'guest',
  playerTitle: (name) => `${name}’s games`,
  since: (date) => `Playing since ${date}`,
  gamesWins: (games, wins) => `${games} ${games === 1 ? 'game' : 'games'}, ${wins} ${wins === 1 ? 'win' : 'wins'}`,
  stats: 'Stats',
  rulesCol: 'Rules',
  gamesCol: 'Games',
  winsCol: 'Wins',
  winRate: 'Win rate',
  pointsPerHand: 'Points per hand',
  countsScored: 'Counts scored',
  mugginsMade: 'Muggins called',
  mugginsMissed: 'Counts missed',
  bestHand: 'Best hand',
  bestHandValue: (points) => `${points} points`,
  none: '—',
  chartTitle: 'Results over time',
  chartNote: (shown) => `Wins less losses, game by game, over the ${shown} ${shown === 1 ? 'game' : 'games'} listed below.`,
  chartEmpty: 'No games to chart yet.',
  gamesTitle: 'Games',
  filterRules: 'Rules',
  filterPlayers: 'Players',
  all: 'All',
  loadMore: 'Load more games',
  allLoaded: 'That is every game.',
  noGames: 'No games yet.',
  noneMatch: 'No game listed so far matches these filters.',
  won: 'Won',
  lost: 'Lost',
  left: 'Left',
  leftSeat: 'left the game',
  against: (names) => `vs ${names}`,
  recentTitle: 'Your recent games',
  recentAll: 'All your games and stats',
  replayLink: 'Replay and analysis',
  noHand: 'no hand',
  gameTitle: (rules, date) => `${rules} · ${date}`,
  winner: (name) => `${name} won`,
  replayTitle: 'Replay',
  first: 'Start of the game',
  prevHand: 'Previous hand',
  back: 'Step back',
  forward: 'Step forward',
  nextHand: 'Next hand',
  last: 'End of the game',
  slider: 'Step',
  keysHint: 'Arrow keys step; Page Up and Page Down go by hand; Home and End to either end.',
  stepOf: (hand, step, steps) => `Hand ${hand} · step ${step} of ${steps}`,
  dealt: (hand, leader) => `Hand ${hand} dealt; ${leader} leads.`,
  played: (who, tile, count, scored) => `${who} played ${tile}: count ${count}${scored > 0 ? `, scores ${scored}` : ''}.`,
  drew: (who) => `${who} drew a tile.`,
  passed: (who) => `${who} passed.`,
  claimed: (who, points, scored) => `${who} claimed ${points}${scored > 0 ? ` and scores ${scored}` : ''}.`,
  noScore: (who) => `${who} said “no score”.`,
  calledMuggins: (who, scored) => `${who} called Muggins and scores ${scored}.`,
  count: 'Count',
  scores: 'Scores',
  tiles: (n) => `${n} ${n === 1 ? 'tile' : 'tiles'}`,
  toPlay: 'to play',
  boneyard: (n) => `Boneyard: ${n}`,
  handOver: (hand) => `Hand ${hand} is over`,
  wentOut: (who) => `${who} went out.`,
  blocked: 'Blocked: nobody could play.',
  award: (who, points) => `${who}: +${points}`,
  noAwards: 'Nothing awarded.',
  download: 'Download the record (JSON)',
  badRecord: (message) => `This game’s record cannot be replayed: ${message}`,
  analysisTitle: 'Analysis',
  analysisIntro:
    'The expert weighs every play a player chose, from what that player knew then: their own tiles and everything played, never the hidden hands. It runs in this browser.',
  analyse: 'Analyse',
  seatToAnalyse: 'Player',
  depth: 'Depth',
  depths: { quick: 'Quick', normal: 'Normal', deep: 'Deep' },
  seed: 'Seed',
  fairView: 'What they knew',
  hindsightView: 'Hindsight',
  hindsightNote: 'Hindsight: every hand and the boneyard known. This says what would have been best; nobody at the table could have known it.',
  progress: (done, total) => `Analysing: ${done} of ${total} decisions`,
  cancel: 'Stop',
  analysisFailed: (message) => `The analysis failed: ${message}`,
  summary: (name) => `${name}: summary`,
  bestShare: 'Best plays',
  lostPerHand: 'Points lost per hand',
  decisionsCol: 'Decisions',
  handCol: 'Hand',
  playedCol: 'Played',
  bestCol: 'Best',
  pointsCol: 'Points',
  winCol: 'Chance to win',
  costly: 'Costly',
  bestMark: 'Best',
  showStep: 'Show',
  noDecisions: 'This player never had a choice of plays.',
  took: (seconds) => `Took ${seconds} s.`,
  ratingCol: 'Rating',
  ratingsTitle: 'Rating over time',
  ratingsNote: 'The Glicko-2 rating after each rated game; the shaded band is the rating give or take its deviation (RD). A ? after a rating: still provisional (RD above 110).',
  ratingsEmpty: 'No rated games yet: random-opponent games among people are rated.',
  ratingsUnavailable: 'The rating history could not be loaded.',
  ratingsSummary: (rules, now, first, high, games) => `${rules}: ${now} now after ${games} rated ${games === 1 ? 'game' : 'games'}, ${first} after the first, ${high} at best.`,
  ratingPoint: (date, rating, rd) => `${date} · ${rating} ± ${rd}`,
  leaderboardTitle: 'Leaderboard',
  leaderboardIntro: (days, rd) =>
    `The best ratings among players whose rating is sure (RD ${rd} or less) and who played a rated game in the last ${days} days; below them, marked ?, those whose rating is still provisional.`,
  leaderboardOf: (rules) => `Top players: ${rules}`,
  rankCol: 'Rank',
  playerCol: 'Player',
  leaderboardEmpty: 'Nobody is on this leaderboard yet.',
  leaderboardLink: 'Leaderboard',
};

const es: Strings = {
  loading: 'Cargando…',
  retry: 'Reintentar',
  backToLobby: 'Volver a la sala',
  notFoundGame: 'No hay ninguna partida con este identificador en el archivo (una partida recién terminada puede tardar un momento en llegar).',
  notFoundPlayer: 'Aún no hay ningún jugador con este identificador en el archivo: sus partidas aparecen aquí cuando termina una.',
  badId: 'Esta dirección no corresponde a una partida ni a un jugador.',
  unreachable: 'No se puede contactar con el servidor de juego. Comprueba la conexión y vuelve a intentarlo.',
  failed: (status, message) => `El servidor respondió ${status}: ${message}`,
  presets: {
    allFives: 'Todos cincos',
    allFives150: 'Todos cincos a 150',
    muggins: 'Muggins',
    partners: 'Parejas',
    cribbage: 'Tanteo de cribbage',
    block: 'Bloqueo',
    draw: 'Robo',
    fivesAndThrees: 'Cincos y treses',
    latin: 'Dominó por parejas',
  },
  players: (n) => `${n} jugadores`,
  seatName: (seat) => `Asiento ${seat + 1}`,
  computer: 'ordenador',
  deletedPlayer: 'jugador borrado',
  guest: 'invitado',
  playerTitle: (name) => `Partidas de ${name}`,
  since: (date) => `Juega desde el ${date}`,
  gamesWins: (games, wins) => `${games} ${games === 1 ? 'partida' : 'partidas'}, ${wins} ${wins === 1 ? 'victoria' : 'victorias'}`,
  stats: 'Estadísticas',
  rulesCol: 'Reglas',
  gamesCol: 'Partidas',
  winsCol: 'Victorias',
  winRate: 'Porcentaje de victorias',
  pointsPerHand: 'Puntos por mano',
  countsScored: 'Cuentas anotadas',
  mugginsMade: 'Muggins cantados',
  mugginsMissed: 'Cuentas olvidadas',
  bestHand: 'Mejor mano',
  bestHandValue: (points) => `${points} puntos`,
  none: '—',
  chartTitle: 'Resultados en el tiempo',
  chartNote: (shown) => `Victorias menos derrotas, partida a partida, en ${shown === 1 ? 'la partida listada' : `las ${shown} partidas listadas`} abajo.`,
  chartEmpty: 'Aún no hay partidas que mostrar.',
  gamesTitle: 'Partidas',
  filterRules: 'Reglas',
  filterPlayers: 'Jugadores',
  all: 'Todas',
  loadMore: 'Cargar más partidas',
  allLoaded: 'No hay más partidas.',
  noGames: 'Aún no hay partidas.',
  noneMatch: 'Ninguna partida listada hasta ahora cumple estos filtros.',
  won: 'Ganada',
  lost: 'Perdida',
  left: 'Abandonada',
  leftSeat: 'abandonó la partida',
  against: (names) => `contra ${names}`,
  recentTitle: 'Tus últimas partidas',
  recentAll: 'Todas tus partidas y estadísticas',
  replayLink: 'Repetición y análisis',
  noHand: 'ninguna mano',
  gameTitle: (rules, date) => `${rules} · ${date}`,
  winner: (name) => `Ganó ${name}`,
  replayTitle: 'Repetición',
  first: 'Inicio de la partida',
  prevHand: 'Mano anterior',
  back: 'Paso atrás',
  forward: 'Paso adelante',
  nextHand: 'Mano siguiente',
  last: 'Final de la partida',
  slider: 'Paso',
  keysHint: 'Las flechas avanzan y retroceden; Re Pág y Av Pág cambian de mano; Inicio y Fin van a los extremos.',
  stepOf: (hand, step, steps) => `Mano ${hand} · paso ${step} de ${steps}`,
  dealt: (hand, leader) => `Mano ${hand} repartida; sale ${leader}.`,
  played: (who, tile, count, scored) => `${who} jugó ${tile}: cuenta ${count}${scored > 0 ? `, anota ${scored}` : ''}.`,
  drew: (who) => `${who} robó una ficha.`,
  passed: (who) => `${who} pasó.`,
  claimed: (who, points, scored) => `${who} reclamó ${points}${scored > 0 ? ` y anota ${scored}` : ''}.`,
  noScore: (who) => `${who} dijo «sin tanto».`,
  calledMuggins: (who, scored) => `${who} cantó Muggins y anota ${scored}.`,
  count: 'Cuenta',
  scores: 'Tanteo',
  tiles: (n) => `${n} ${n === 1 ? 'ficha' : 'fichas'}`,
  toPlay: 'le toca',
  boneyard: (n) => `Pozo: ${n}`,
  handOver: (hand) => `Fin de la mano ${hand}`,
  wentOut: (who) => `${who} dominó.`,
  blocked: 'Cierre: nadie podía jugar.',
  award: (who, points) => `${who}: +${points}`,
  noAwards: 'No se otorgó nada.',
  download: 'Descargar el registro (JSON)',
  badRecord: (message) => `El registro de esta partida no se puede reproducir: ${message}`,
  analysisTitle: 'Análisis',
  analysisIntro:
    'El experto evalúa cada jugada que eligió un jugador con lo que ese jugador sabía entonces: sus fichas y todo lo jugado, nunca las manos ocultas. Se calcula en este navegador.',
  analyse: 'Analizar',
  seatToAnalyse: 'Jugador',
  depth: 'Profundidad',
  depths: { quick: 'Rápido', normal: 'Normal', deep: 'Profundo' },
  seed: 'Semilla',
  fairView: 'Lo que sabía',
  hindsightView: 'A posteriori',
  hindsightNote: 'A posteriori: con todas las manos y el pozo a la vista. Dice qué habría sido mejor; nadie en la mesa podía saberlo.',
  progress: (done, total) => `Analizando: ${done} de ${total} decisiones`,
  cancel: 'Detener',
  analysisFailed: (message) => `El análisis falló: ${message}`,
  summary: (name) => `${name}: resumen`,
  bestShare: 'Mejores jugadas',
  lostPerHand: 'Puntos perdidos por mano',
  decisionsCol: 'Decisiones',
  handCol: 'Mano',
  playedCol: 'Jugó',
  bestCol: 'Mejor',
  pointsCol: 'Puntos',
  winCol: 'Opción de ganar',
  costly: 'Costosa',
  bestMark: 'Mejor',
  showStep: 'Ver',
  noDecisions: 'Este jugador nunca tuvo que elegir entre jugadas.',
  took: (seconds) => `Tardó ${seconds} s.`,
  ratingCol: 'Puntuación',
  ratingsTitle: 'Puntuación en el tiempo',
  ratingsNote:
    'La puntuación Glicko-2 tras cada partida puntuada; la franja sombreada es la puntuación más o menos su desviación (RD). Un ? tras una puntuación: aún provisional (RD de más de 110).',
  ratingsEmpty: 'Aún no hay partidas puntuadas: puntúan las partidas entre personas con rivales al azar.',
  ratingsUnavailable: 'No se pudo cargar la historia de la puntuación.',
  ratingsSummary: (rules, now, first, high, games) =>
    `${rules}: ${now} ahora tras ${games} ${games === 1 ? 'partida puntuada' : 'partidas puntuadas'}, ${first} tras la primera, ${high} como máximo.`,
  ratingPoint: (date, rating, rd) => `${date} · ${rating} ± ${rd}`,
  leaderboardTitle: 'Clasificación',
  leaderboardIntro: (days, rd) =>
    `Las mejores puntuaciones entre quienes tienen una puntuación fiable (RD de ${rd} o menos) y jugaron una partida puntuada en los últimos ${days} días; debajo, marcados con ?, quienes aún tienen una puntuación provisional.`,
  leaderboardOf: (rules) => `Mejores jugadores: ${rules}`,
  rankCol: 'Puesto',
  playerCol: 'Jugador',
  leaderboardEmpty: 'Aún no hay nadie en esta clasificación.',
  leaderboardLink: 'Clasificación',
};

export const STRINGS: Readonly<Record<Lang, Strings>> = { en, es };

export function langOf(languages: readonly string[]): Lang {
  return languages[0]?.toLowerCase().startsWith('es') === true ? 'es' : 'en';
}

/** The page's strings, in the browser's language. */
export function strings(): Strings {
  const nav = typeof navigator === 'undefined' ? [] : navigator.languages.length > 0 ? navigator.languages : [navigator.language];
  return STRINGS[langOf(nav)];
}

/** A date as the reader writes it. */
export function dateText(iso: string, lang: Lang = langOf(typeof navigator === 'undefined' ? [] : [navigator.language])): string {
  return new Date(iso).toLocaleDateString(lang, { year: 'numeric', month: 'short', day: 'numeric' });
}

/** The name a seat shows: a deleted account's seats show as a deleted player. */
export function seatName(seat: { readonly name: string; readonly deleted?: true | undefined }, s: Pick<Strings, 'deletedPlayer'>): string {
  return seat.deleted === true ? s.deletedPlayer : seat.name;
}
