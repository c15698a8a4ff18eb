#d
   0:   #FFFFFF   white
   a:a  #000000   black
: rows
2a 2a 
7a 
7a 
5a 
3a 
1a 
: columns
2a 
4a 
5a 
5a 
5a 
4a 
2a 
