import { createRoot } from 'react-dom/client';
import { NaiveChat } from './NaiveChat.tsx';

createRoot(document.getElementById('root')!).render(<NaiveChat />);
