/** The product page's review and question calls (public reads; the signed-in customer's writes). */
import { api, type components } from '@/shared/api/client';
import { settle, type CallOutcome } from '@/shared/api/outcome';

type S = components['schemas'];
export type ReviewList = S['ReviewListResp'];
export type ReviewItem = S['ReviewItem'];
export type QuestionList = S['QuestionListResp'];
export type EligibleLine = S['EligibleLine'];
export type Written = S['WrittenResp'];
export type Sort = 'newest' | 'helpful';

/** One page of a product's approved reviews and their summary. */
export function reviews(uid: string, sort: Sort, page: number): Promise<CallOutcome<ReviewList>> {
  return settle(() => api.GET('/api/client/v1/review/products/{uid}', { params: { path: { uid }, query: { sort, page } } }));
}

/** One page of a product's approved questions with their answers. */
export function questions(uid: string, page: number): Promise<CallOutcome<QuestionList>> {
  return settle(() => api.GET('/api/client/v1/review/products/{uid}/questions', { params: { path: { uid }, query: { page } } }));
}

/** The caller's delivered lines of the product not reviewed yet. */
export function eligible(uid: string): Promise<CallOutcome<S['EligibleResp']>> {
  return settle(() => api.POST('/api/client/v1/review/eligible', { body: { uid } }));
}

/** What the review form sends: lists one item per line. */
export interface ReviewValues {
  rating: string;
  text: string;
  pros: string;
  cons: string;
}

const lines = (s: string) =>
  s
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);

/** A review of one delivered line (pending until staff approve it). */
export function sendReview(lineId: number, v: ReviewValues): Promise<CallOutcome<Written>> {
  return settle(() =>
    api.POST('/api/client/v1/review/create', { body: { order_line_id: lineId, rating: v.rating, text: v.text, pros: lines(v.pros), cons: lines(v.cons) } }),
  );
}

/** Marks a review helpful (once). */
export function markHelpful(reviewId: number): Promise<CallOutcome<S['HelpfulResp']>> {
  return settle(() => api.POST('/api/client/v1/review/helpful', { body: { review_id: reviewId } }));
}

/** Asks a question about the product. */
export function ask(uid: string, question: string): Promise<CallOutcome<Written>> {
  return settle(() => api.POST('/api/client/v1/review/question', { body: { uid, question } }));
}

/** A verified buyer's answer. */
export function answerQuestion(questionId: number, answer: string): Promise<CallOutcome<Written>> {
  return settle(() => api.POST('/api/client/v1/review/answer', { body: { question_id: questionId, answer } }));
}
