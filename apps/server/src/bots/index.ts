export { type BotPolicy, DEFAULT_BOT_BUDGET_MS, POLICIES, type PolicyName, chooseBotAction, greedyPolicy, randomPolicy } from './policy.ts';
