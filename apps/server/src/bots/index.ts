export { type BotPolicy, POLICIES, type PolicyName, chooseBotAction, greedyPolicy, randomPolicy } from './policy.ts';
