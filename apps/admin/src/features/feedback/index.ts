export { FeedbackScreen } from './feedback-screen.tsx';
