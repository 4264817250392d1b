export {
  strategyCard,
  type CardGrid,
  type CardGridLine,
  type CardOffer,
  type CardThreshold,
  type StrategyCard,
} from './card.ts';
export { cardBot, cardBotOf } from './bot.ts';
export { shortCard, SHORT_CARD_NUMBERS, type ShortCard } from './short.ts';
export {
  CARD_TUNING,
  defaultCardParams,
  type CardFigure,
  type CardParams,
  type CardTuning,
} from './params.ts';
export {
  botRegret,
  cardRegret,
  tuneCard,
  CARD_GRID,
  type Regret,
  type RegretOptions,
} from './measure.ts';
export { fitCard, type FitOptions, type FitWindow } from './fit.ts';
