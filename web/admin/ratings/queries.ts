// The admin's GraphQL documents for ratings and testimonials (worker/graphql/ratings.ts).
import { graphql } from '../graphql'

export const RATINGS_QUERY = graphql(`
  query Ratings($clientId: ID, $requestId: ID) {
    ratings(clientId: $clientId, requestId: $requestId) {
      id
      requestId
      requestReference
      rating
      comment
      at
      clientId
      clientName
      handledAt
    }
  }
`)

export const RATING_FOLLOW_UPS = graphql(`
  query RatingFollowUps {
    ratingFollowUps {
      id
      requestId
      requestReference
      rating
      comment
      at
      clientId
      clientName
      handledAt
    }
  }
`)

export const MARK_RATING_HANDLED = graphql(`
  mutation MarkRatingHandled($id: ID!) {
    markRatingHandled(id: $id) {
      id
      handledAt
    }
  }
`)

export const TESTIMONIALS_QUERY = graphql(`
  query Testimonials {
    testimonials {
      id
      requestReference
      quote
      displayName
      practiceName
      email
      consentWording
      consentedAt
      status
      reviewedAt
      withdrawnAt
    }
  }
`)

export const REVIEW_TESTIMONIAL = graphql(`
  mutation ReviewTestimonial($id: ID!, $decision: TestimonialDecision!) {
    reviewTestimonial(id: $id, decision: $decision) {
      id
      status
      reviewedAt
    }
  }
`)

/** The wire's RatingValue (GOOD) as the words people read. */
export const ratingLabel = (value: string) => ({ GOOD: 'Good', OKAY: 'Okay', POOR: 'Poor' })[value] ?? value
