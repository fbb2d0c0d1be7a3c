export {
  createTextMessageService,
  type TextMessageService,
  type TextMessageServiceDeps,
} from './text-message-service.js';
export { loadTextMessagesContent, TextMessagesContentSchema, type TextMessagesContent } from './content.js';
