// Moved to `src/shared/hooks/useLoad.ts` (the tickets pages load the same way).
export { useLoad, type Loaded } from '@/shared/hooks/useLoad';
