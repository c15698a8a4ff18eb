// nonosat studio: the page's script (drawing, live verdict, repairs, solving path), next.
