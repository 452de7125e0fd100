/** The marketplace in three steps, shared by the home page and /how-it-works. */
export const steps = [
  {
    title: 'Post your item',
    text: 'Describe what you are sending, where it starts and where it must arrive, the deadline and your price. Our team checks every item before deliverers can see it.',
  },
  {
    title: 'A deliverer offers to carry it',
    text: 'Deliverers already heading your way find your item along their route and request it with proof of their trip. You see the approved request and accept it by paying securely by card.',
  },
  {
    title: 'Track it to the door',
    text: 'The deliverer marks the item picked up and then delivered, with a proof of delivery you can view. Payment reaches the deliverer once the job is done.',
  },
] as const
