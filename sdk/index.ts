export {
  PromptClient,
  PromptError,
  type GetPromptOptions,
  type Prompt,
  type PromptClientOptions,
} from './prompts';
